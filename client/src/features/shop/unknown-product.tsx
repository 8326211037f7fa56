import { Button } from "../../components/ui/button";

/** The address named a product the shop does not have (an old link, say): said, not ignored. */
export function UnknownProduct({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4"
    >
      <p>That product is not in the shop any more. Everything we have is below.</p>
      <Button variant="outline" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
