/** The four streaming partners, kept in code (no server call), with their prices and free trials. */
export interface StreamingPartner {
  id: string;
  name: string;
  description: string;
  price: string;
  freeTrial: string;
  features: string[];
  imageUrl: string;
  ctaText: string;
  affiliateUrl: string;
  primaryColor: string;
}

export const partners: StreamingPartner[] = [
  {
    id: "spotify",
    name: "Spotify Premium",
    description:
      "The biggest catalogue and the playlists you already follow, with no ads and offline listening.",
    price: "$9.99/month",
    freeTrial: "1 month free",
    features: [
      "Ad-free listening",
      "Download to listen offline",
      "Unlimited skips",
      "Save our playlists in one click",
    ],
    imageUrl: "/partners/spotify.svg",
    ctaText: "Try Spotify Premium",
    affiliateUrl: "https://www.spotify.com/premium/",
    primaryColor: "bg-green-700",
  },
  {
    id: "apple-music",
    name: "Apple Music",
    description:
      "Lossless and spatial audio at no extra cost, with live radio and lyrics in time with the song.",
    price: "$10.99/month",
    freeTrial: "1 month free",
    features: [
      "Lossless and Dolby Atmos audio",
      "Live radio stations",
      "Time-synced lyrics",
      "Works across Apple devices",
    ],
    imageUrl: "/partners/apple-music.svg",
    ctaText: "Try Apple Music",
    affiliateUrl: "https://www.apple.com/apple-music/",
    primaryColor: "bg-pink-700",
  },
  {
    id: "youtube-music",
    name: "YouTube Music Premium",
    description: "Official releases plus the live sets, covers and remixes that only live on YouTube.",
    price: "$9.99/month",
    freeTrial: "1 month free",
    features: ["Background play", "Downloads for offline", "Music videos and live sets", "Ad-free music"],
    imageUrl: "/partners/youtube-music.svg",
    ctaText: "Try YouTube Music",
    affiliateUrl: "https://music.youtube.com/",
    primaryColor: "bg-red-700",
  },
  {
    id: "amazon-music",
    name: "Amazon Music Unlimited",
    description: "A deep catalogue in HD and Ultra HD, with a lower price for Prime members.",
    price: "$9.99/month",
    freeTrial: "30 days free",
    features: ["HD and Ultra HD audio", "Ad-free, on demand", "Offline listening", "Alexa voice control"],
    imageUrl: "/partners/amazon-music.svg",
    ctaText: "Try Amazon Music",
    affiliateUrl: "https://www.amazon.com/music/unlimited",
    primaryColor: "bg-cyan-700",
  },
];

export const partnerFaq = [
  {
    question: "Does it cost more to sign up through your links?",
    answer:
      "No. You pay the platform's normal price and get the same free trial; the platform pays us a commission.",
  },
  {
    question: "Can I cancel during the free trial?",
    answer: "Yes. Every partner lets you cancel before the trial ends without being charged.",
  },
  {
    question: "Will your playlists work on every platform?",
    answer:
      "Our playlists live on Spotify, Apple Music and YouTube Music, and each one links to its platform.",
  },
  {
    question: "Which platform has the best sound quality?",
    answer: "Apple Music and Amazon Music Unlimited include lossless audio at no extra cost.",
  },
];

/** The console line of an affiliate click (the link carries it too: see AffiliateLink). */
export const affiliateClickLine = (partner: StreamingPartner): string =>
  `Affiliate link clicked: ${partner.name} → ${partner.affiliateUrl}`;

/** An affiliate click is only logged to the console; no tracking call is made. */
export function logAffiliateClick(partner: StreamingPartner): void {
  console.info(affiliateClickLine(partner));
}
