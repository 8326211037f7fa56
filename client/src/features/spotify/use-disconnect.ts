import { useQueryClient } from "@tanstack/react-query";
import { notify } from "../../lib/notify";
import { disconnectFromSpotify } from "./spotify.queries";

/** Forgets this visitor's Spotify connection on the server, then refreshes what depended on it. */
export function useDisconnect(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await disconnectFromSpotify();
      void notify("success", "Disconnected from Spotify", {
        description: "We no longer hold any access to your Spotify account.",
      });
    } catch (error) {
      void notify("error", "Could not disconnect", { description: (error as Error).message });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ["spotify"] });
    }
  };
}
