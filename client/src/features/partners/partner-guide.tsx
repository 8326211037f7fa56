import { Quote } from "lucide-react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion";
import { Card } from "../../components/ui/card";
import { partnerFaq } from "./partners.data";

const guide = [
  {
    id: "premium-heading",
    title: "Why Go Premium",
    text: "No ads between songs, offline listening for the commute, better sound and unlimited skips: premium is how most of our curators listen, and how artists earn the most per stream.",
  },
  {
    id: "partnership-heading",
    title: "Our Partnership",
    text: "We only partner with services we use ourselves. Commissions keep our playlists free and our curators paid; they never decide what we recommend.",
  },
  {
    id: "choose-heading",
    title: "Which Platform to Choose",
    text: "Want our playlists in one click? Spotify. Care about sound quality? Apple Music or Amazon Music Unlimited. Love live sets and remixes? YouTube Music.",
  },
];

const testimonials = [
  {
    quote: "I tried Apple Music through their link for the lossless audio and never went back.",
    name: "Priya S., Chicago",
  },
  {
    quote: "Their comparison made choosing easy, and the playlists came with me to Spotify.",
    name: "Marcus T., Leeds",
  },
];

/** Why premium, how our partnership works, and which platform suits whom. */
export function PartnerGuide() {
  return (
    <div className="mt-16 grid gap-8 lg:grid-cols-3">
      {guide.map(({ id, title, text }) => (
        <section key={id} aria-labelledby={id}>
          <h2 id={id} className="font-bold text-2xl">
            {title}
          </h2>
          <p className="mt-2 text-muted-foreground">{text}</p>
        </section>
      ))}
    </div>
  );
}

export function PartnerFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mt-16 max-w-3xl">
      <h2 id="faq-heading" className="font-bold text-2xl">
        Frequently Asked Questions
      </h2>
      <Accordion type="single" collapsible className="mt-4">
        {partnerFaq.map((item) => (
          <AccordionItem key={item.question} value={item.question}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}

export function ListenerTestimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="mt-16">
      <h2 id="testimonials-heading" className="font-bold text-2xl">
        What Listeners Say
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {testimonials.map((item) => (
          <Card asChild key={item.name} className="rounded-2xl p-6">
            <figure>
              <Quote className="size-6 text-primary" aria-hidden="true" />
              <blockquote className="mt-3 text-lg">{item.quote}</blockquote>
              <figcaption className="mt-3 text-muted-foreground text-sm">{item.name}</figcaption>
            </figure>
          </Card>
        ))}
      </div>
    </section>
  );
}
