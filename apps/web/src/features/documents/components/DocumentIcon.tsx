import File from 'lucide-react/icons/file';
import FileImage from 'lucide-react/icons/file-image';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import FileText from 'lucide-react/icons/file-text';
import Folder from 'lucide-react/icons/folder';
import Link2 from 'lucide-react/icons/link-2';
import Presentation from 'lucide-react/icons/presentation';
import type { DocumentType } from '../document-words';

const ICONS: Record<DocumentType | 'folder', typeof File> = {
  pdf: FileText,
  image: FileImage,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  text: FileText,
  link: Link2,
  other: File,
  folder: Folder,
};

/** The icon of a document's type (decorative: the type is also said in words). */
export function DocumentIcon({ type }: { type: DocumentType | 'folder' }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-600 dark:text-slate-300" />;
}
