import { SectionHeading } from "../../components/media/section-heading";
import { MerchTeaser } from "./merch-teaser";
import { relatedProducts } from "./merchandise.data";

/** Four products related to a page (a genre's, or the shop's picks) and a link into the shop. */
export function RelatedMerch({
  headingId,
  title,
  link,
  genre,
  className,
}: {
  headingId: string;
  title: string;
  link: { to: string; label: string };
  genre?: string;
  className?: string;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <SectionHeading id={headingId} title={title} link={link} />
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {relatedProducts({ genre }).map((product) => (
          <MerchTeaser key={product.id} product={product} />
        ))}
      </div>
    </section>
  );
}
