const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text (or an attribute value) inside HTML or XML: the five characters that could end it, as entities. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/** Characters XML 1.0 does not allow, even escaped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text for an XML document (a feed): characters XML cannot hold removed, the rest escaped. */
export const xmlText = (text: string) => escapeMarkup(text.replace(NOT_XML, ""));

/** HTML in XML as CDATA: characters XML cannot hold removed, a `]]>` inside split across two sections. */
export const cdata = (html: string) =>
  `<![CDATA[${html.replace(NOT_XML, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
