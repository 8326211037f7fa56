import { useQuery } from "@tanstack/react-query";
import { type IssueFieldsInput, IssueFieldsSchema } from "@waveform/contracts/newsletter-issues";
import { useEffect, useState } from "react";
import { IssueBody, issueBodyClass } from "../../components/media/newsletter-issue-body";
import { FormError } from "../../components/ui/form-error";
import { TableRegion } from "../../components/ui/table-region";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { readableError } from "../../lib/api/errors";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { blockNamesFrom } from "./block-names";
import { issuePreviewQuery } from "./console-newsletter.queries";

/** How long typing must pause before the preview is rendered again. */
const PREVIEW_DELAY_MS = 600;

/**
 * The live preview: the mail as HTML (in a sandboxed frame: no script, no same-origin access, so
 * the mail's styles stay its own), as plain text, and the archive page's body. Rendered by the
 * server from the fields as typed (saved or not), once typing pauses.
 */
export function IssuePreview({
  fields,
  onBlockNames,
}: {
  fields: IssueFieldsInput;
  /** The catalogue blocks' titles, as the last preview rendered them. */
  onBlockNames: (names: Map<string, string>) => void;
}) {
  const settled = useDebouncedValue(fields, PREVIEW_DELAY_MS);
  const checked = IssueFieldsSchema.safeParse(settled);
  // A render is a POST, not a page read: the browser asks for it once the page is running (the
  // server's render, and the hydration that must match it, show 'Rendering the preview…').
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const preview = useQuery({ ...issuePreviewQuery(settled), enabled: running && checked.success });
  const data = preview.data;
  const webHtml = data?.webHtml;
  useEffect(() => {
    if (webHtml !== undefined) onBlockNames(blockNamesFrom(webHtml, settled.sections));
  }, [webHtml, settled.sections, onBlockNames]);
  return (
    <section aria-labelledby="preview-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="preview-heading" className="font-semibold text-xl">
          Preview
        </h2>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {!checked.success
            ? `Preview waits for: ${checked.error.issues[0]?.message ?? "valid fields"}`
            : preview.isFetching
              ? "Updating the preview…"
              : ""}
        </p>
      </div>
      {preview.isError && (
        <FormError>The preview could not be rendered: {readableError(preview.error)}</FormError>
      )}
      {data ? (
        <>
          <p className="break-words text-sm">
            <span className="font-medium">Subject:</span> {data.subject}
          </p>
          <Tabs defaultValue="mail">
            <TabsList aria-label="Preview as">
              <TabsTrigger value="mail">Mail</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
              <TabsTrigger value="web">Web page</TabsTrigger>
            </TabsList>
            <TabsContent value="mail" className="mt-3">
              <iframe
                title="The mail as subscribers see it"
                sandbox=""
                srcDoc={data.html}
                className="h-[36rem] w-full rounded-lg border bg-white"
              />
            </TabsContent>
            <TabsContent value="text" className="mt-3">
              <TableRegion
                label="The mail's plain-text part"
                className="max-h-[36rem] overflow-y-auto bg-muted/40"
              >
                <pre className="whitespace-pre-wrap break-words p-4 font-mono text-sm">{data.text}</pre>
              </TableRegion>
            </TabsContent>
            <TabsContent value="web" className="mt-3">
              <div className="rounded-lg border p-4 sm:p-6">
                <IssueBody html={data.webHtml} className={issueBodyClass} />
              </div>
            </TabsContent>
          </Tabs>
        </>
      ) : (
        !preview.isError && <p className="text-muted-foreground text-sm">Rendering the preview…</p>
      )}
    </section>
  );
}
