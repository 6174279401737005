import { useMutation } from '@tanstack/react-query';
import { dataExportListSchema, dataExportSchema, dataImportResultSchema, type DataExport } from '@keel/contract';
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

/** Imports an export's zip as a new organization owned by the signed-in person (not the current one). */
export const useImportOrganization = () =>
  useMutation({
    mutationFn: (archive: File) => {
      const formData = new FormData();
      formData.append(ARCHIVE_FIELD, archive);
      return apiRequest('/organizations/import', { schema: dataImportResultSchema, method: 'POST', formData });
    },
  });
