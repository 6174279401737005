import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataExportListSchema,
  dataExportSchema,
  dataImportListSchema,
  dataImportSchema,
  type DataExport,
  type DataImport,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

/** Progress is announced live; while an export runs the list is also asked again, in case an update is missed. */
const ENTITY = 'data_export';
export const EXPORT_POLL_MS = 3000;

const exportsPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/data-exports${rest}`;

export const archivePath = (organizationId: string, exportId: string) =>
  exportsPath(organizationId, `/${encodeURIComponent(exportId)}/archive`);

const underWay = (exports: DataExport[] | undefined) =>
  exports?.some((one) => one.status === 'queued' || one.status === 'running') ?? false;

export const useDataExports = () =>
  useOrganizationQuery(
    ENTITY,
    ['list'],
    (organizationId, { signal }) =>
      apiRequest(exportsPath(organizationId), { schema: dataExportListSchema.shape.data, signal }),
    { refetchInterval: (query) => (underWay(query.state.data) ? EXPORT_POLL_MS : false) },
  );

export const useRequestDataExport = () =>
  useOrganizationMutation([ENTITY], (organizationId, _: void) =>
    apiRequest(exportsPath(organizationId), { schema: dataExportSchema, method: 'POST' }),
  );

/** The form field the archive travels in. */
const ARCHIVE_FIELD = 'archive';

/** The signed-in person's imports: theirs alone, in no organization until one is made, so asked, not announced. */
const IMPORTS_KEY = ['data-imports'];
export const IMPORT_POLL_MS = 1000;

const importUnderWay = (imports: DataImport[] | undefined) =>
  imports?.some((one) => one.status === 'queued' || one.status === 'running') ?? false;

export const useDataImports = () =>
  useQuery({
    queryKey: IMPORTS_KEY,
    queryFn: ({ signal }) => apiRequest('/organizations/imports', { schema: dataImportListSchema.shape.data, signal }),
    refetchInterval: (query) => (importUnderWay(query.state.data) ? IMPORT_POLL_MS : false),
  });

/** Uploads an export's zip for import as a new organization owned by the signed-in person (not the current one). */
export const useImportOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archive: File) => {
      const formData = new FormData();
      formData.append(ARCHIVE_FIELD, archive);
      return apiRequest('/organizations/import', { schema: dataImportSchema, method: 'POST', formData });
    },
    onSuccess: (started) => {
      queryClient.setQueryData<DataImport[]>(IMPORTS_KEY, (imports = []) => [
        started,
        ...imports.filter((one) => one.id !== started.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
    },
  });
};
