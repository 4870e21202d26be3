import sanitizeHtml from "sanitize-html";

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "em", "b", "i", "u", "a", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "hr",
    "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  // Relative hrefs (/finance, #top) carry no scheme and are kept; any other scheme is dropped.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      // Only a new tab is a meaningful target, and it must not hand the opener to the new page.
      return {
        tagName,
        attribs: target === "_blank" ? { ...rest, target: "_blank", rel: "noopener noreferrer" } : rest,
      };
    },
  },
};

/** Dealer-entered HTML reduced to formatting, links, lists, headings and tables. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
