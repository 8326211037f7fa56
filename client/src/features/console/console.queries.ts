import { queryOptions } from "@tanstack/react-query";
import { apiRequestOrNull } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const authContract = () => import("@waveform/contracts/console-auth");

/** The signed-in operator, or null when signed out (401). Read on the server too, with the cookie. */
export const consoleMeQuery = queryOptions({
  queryKey: ["console", "me"],
  queryFn: async ({ signal }) => apiRequestOrNull((await authContract()).getConsoleMe, { signal }),
});
