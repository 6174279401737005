import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { cx } from '../../../ui/cx';
import { RICH_TEXT_CLASSES } from './rich-text';

interface RichTextEditorProps {
  /** The field's name, spoken by screen readers and shown above it. */
  label: string;
  /** The starting HTML; the editor keeps its own state afterwards (remount it with a new key to reset). */
  initialHtml: string;
  onChange: (html: string) => void;
}

/** What the server keeps of the editor's HTML (see processes.sanitize.ts): StarterKit without underline. */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    underline: false,
    link: { openOnClick: false, protocols: ['mailto'], defaultProtocol: 'https' },
  }),
];

const toolButton = (active: boolean) =>
  cx(
    'min-h-9 min-w-9 rounded px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
    active && 'bg-slate-200 dark:bg-slate-700',
  );

/** A step's text: bold, italic, headings and lists, as TipTap's StarterKit writes them. */
export function RichTextEditor({ label, initialHtml, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: `${RICH_TEXT_CLASSES} min-h-24 rounded-b-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      heading: current?.isActive('heading', { level: 3 }) ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
    }),
  });
  const tools = [
    { name: 'Bold', active: state?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    { name: 'Italic', active: state?.italic, run: () => editor?.chain().focus().toggleItalic().run() },
    { name: 'Heading', active: state?.heading, run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run() },
    { name: 'Bulleted list', active: state?.bulletList, run: () => editor?.chain().focus().toggleBulletList().run() },
    {
      name: 'Numbered list',
      active: state?.orderedList,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
  ];
  return (
    <div>
      <div
        role="toolbar"
        aria-label={`${label}: formatting`}
        className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 p-1 dark:border-slate-600 dark:bg-slate-900"
      >
        {tools.map((tool) => (
          <button
            key={tool.name}
            type="button"
            aria-pressed={tool.active ?? false}
            className={toolButton(tool.active ?? false)}
            onClick={tool.run}
          >
            {tool.name}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
