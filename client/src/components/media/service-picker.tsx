import { isListeningService, LISTENING_SERVICES } from "@waveform/contracts/listening-services";
import { useId } from "react";
import { chooseService, useYourService } from "../../lib/your-service";
import { NativeSelect } from "../ui/native-select";

/** 'Listen on': the service this device opens tracks and releases in, remembered once chosen. */
export function ServicePicker({ className }: { className?: string }) {
  const service = useYourService();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        Listen on
      </label>
      <NativeSelect
        id={id}
        value={service ?? ""}
        onChange={(event) => {
          if (isListeningService(event.target.value)) chooseService(event.target.value);
        }}
        className="w-48"
      >
        {service === null && (
          <option value="" disabled>
            Choose your service
          </option>
        )}
        {LISTENING_SERVICES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
