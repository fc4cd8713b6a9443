/** Elements that flow inside a line; their content becomes text marks (`wrap`) or inline elements. */
export const inlineTags = new Set([
  'a', 'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'img', 'ins', 'kbd',
  'label', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'wbr', 'br',
]);

/** Elements without content. */
export const voidTags = new Set(['img', 'br', 'hr', 'wbr', 'col', 'area', 'style']);

/** Never part of the editable copy (not visible, or unsafe even after sanitising). */
export const droppedTags = new Set(['script', 'noscript', 'template', 'title', 'meta', 'link', 'base', 'head', 'iframe', 'frame', 'frameset', 'noframes', 'noembed']);

/** Tags the editor may create as DOM elements; anything else draws as a div or span. */
export const renderableTags = new Set([
  ...inlineTags, 'address', 'article', 'aside', 'blockquote', 'caption', 'center', 'col', 'colgroup', 'dd', 'div', 'dl', 'dt', 'figcaption',
  'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);
