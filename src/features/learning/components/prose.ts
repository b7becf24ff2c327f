/**
 * Kept apart from the renderer so the viewer can use these without loading it.
 *
 * Logical sides (ps, border-s, text-start): lists and quotes indent on the right of a right-to-left
 * course. Code reads left to right in any course, as `dir="ltr"` would make it.
 *
 * Inline code gets a padded background; code inside a block does not: the padding of an inline
 * `<code>` spanning the block's lines went before its first line only, so that line stood 4 px
 * to the right of the rest.
 */

/**
 * How lesson HTML looks, stored or streaming: one look, so the switch at the end does not jump.
 * `contain: paint` keeps what a lesson or an answer draws inside its own box: the formulas'
 * relative offsets (the one layout the stored HTML may carry, src/server/html/sanitize.ts) cannot
 * move text over the page around it.
 */
export const LESSON_PROSE =
  "lesson-prose [contain:paint] space-y-4 text-start text-base leading-7 [&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:ps-4 [&_blockquote]:italic [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_pre]:overflow-x-auto [&_pre]:text-left [&_pre]:[direction:ltr] [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-4 [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:list-disc [&_ul]:ps-6";

/**
 * The same, smaller, for an answer in a chat bubble. Code wraps there: a bubble is too narrow
 * for long lines, and a scrolling block would need a keyboard stop the sanitized HTML cannot give.
 */
export const CHAT_PROSE =
  "[contain:paint] space-y-2 break-words text-start [&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:ps-3 [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-5 [&_pre]:whitespace-pre-wrap [&_pre]:break-words [&_pre]:text-left [&_pre]:[direction:ltr] [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-2 [&_td]:border [&_td]:px-1 [&_th]:border [&_th]:px-1 [&_ul]:list-disc [&_ul]:ps-5";
