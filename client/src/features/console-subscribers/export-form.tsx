import { EXPORT_STATUSES } from "@waveform/contracts/console-subscribers";
import { Download } from "lucide-react";
import { FormActions } from "../../components/ui/form-actions";
import { NativeSelect } from "../../components/ui/native-select";

const LABELS = {
  confirmed: "Confirmed",
  pending: "Pending",
  unsubscribed: "Unsubscribed",
  all: "Everyone",
} as const;

/**
 * 'Export CSV': a plain GET form, so the browser downloads the file the server names
 * (Content-Disposition: attachment) with no script in between, and it works before hydration.
 */
export function ExportForm() {
  return (
    <form method="get" action="/api/admin/subscribers/export.csv" className="flex flex-wrap items-end gap-3">
      <div className="space-y-1.5">
        <label htmlFor="export-status" className="font-medium text-sm">
          Subscribers to export
        </label>
        <NativeSelect id="export-status" name="status" defaultValue="confirmed" className="w-44">
          {EXPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FormActions
        variant="outline"
        label={
          <>
            <Download aria-hidden="true" />
            Export CSV
          </>
        }
      />
    </form>
  );
}
