interface BreadcrumbsProps {
  path: { id: string; name: string }[];
  onOpen: (folderId: string | null) => void;
}

/** Where the listed folder sits, from the top level down; every step but the last opens that folder. */
export function Breadcrumbs({ path, onOpen }: BreadcrumbsProps) {
  const linkClasses = 'text-blue-800 underline wrap-anywhere dark:text-blue-300';
  return (
    <nav aria-label="Folder path">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-800 dark:text-slate-100">
        <li>
          {path.length === 0 ? (
            <span aria-current="page" className="font-semibold">
              All documents
            </span>
          ) : (
            <button type="button" className={linkClasses} onClick={() => onOpen(null)}>
              All documents
            </button>
          )}
        </li>
        {path.map((step, index) => (
          <li key={step.id} className="flex items-center gap-1">
            <span aria-hidden="true">/</span>
            {index === path.length - 1 ? (
              <span aria-current="page" className="font-semibold wrap-anywhere">
                {step.name}
              </span>
            ) : (
              <button type="button" className={linkClasses} onClick={() => onOpen(step.id)}>
                {step.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
