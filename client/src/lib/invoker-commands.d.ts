// The HTML attributes that let the browser itself open and close a `<dialog>` from a button, before
// and without the page's code (invoker commands: `commandfor` names the dialog, `command` what to
// do), and close it on a tap outside (`closedby`). React passes them through as written; its
// types do not list them yet.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
  interface DialogHTMLAttributes<T> extends HTMLAttributes<T> {
    closedby?: "any" | "closerequest" | "none";
  }
}
