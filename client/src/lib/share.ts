/** Copying a share link shows the browser alert 'Link copied to clipboard!'. */
export async function copyLink(url: string = window.location.href): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    window.alert("Link copied to clipboard!");
  } catch {
    // Clipboard access can be refused (insecure origin, permissions); the link is still shown.
    window.prompt("Copy this link:", url);
  }
}

/** Offers text as a file download. */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
