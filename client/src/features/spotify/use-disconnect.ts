import { useMutation, useQueryClient } from "@tanstack/react-query";
import { readableError } from "../../lib/api/errors";
import { notify } from "../../lib/notify";
import { disconnectFromSpotify } from "./spotify.queries";

/** Forgets this visitor's Spotify connection on the server, then refreshes what depended on it. */
export function useDisconnect(): () => void {
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: disconnectFromSpotify,
    onSuccess: () => {
      void notify("success", "Disconnected from Spotify", {
        description: "We no longer hold any access to your Spotify account.",
      });
    },
    onError: (error) => {
      void notify("error", "Could not disconnect", { description: readableError(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["spotify"] }),
  });
  return () => disconnect.mutate();
}
