/**
 * How a step's rich text looks, in the editor and on the page: the base styles strip lists and headings of
 * their look, so the few tags the editor writes get theirs back here.
 */
export const RICH_TEXT_CLASSES =
  '[&_p]:my-1 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 ' +
  '[&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold ' +
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 ' +
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800 ' +
  '[&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-2 dark:[&_pre]:bg-slate-800 ' +
  '[&_a]:text-blue-700 [&_a]:underline dark:[&_a]:text-blue-300 [&_hr]:my-2 [&_hr]:border-slate-300';
