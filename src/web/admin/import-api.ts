import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportBody } from '../../domain/import';
import { api, unwrap } from '../lib/api-client';
import { invalidate, resultViews } from '../lib/queries';

export { importFormats, type ImportFormat } from '../../domain/import';

export type ImportRequest = ImportBody;

const preview = (json: ImportRequest) => unwrap(api.admin.imports.preview.$post({ json }));
export type ImportPreview = Awaited<ReturnType<typeof preview>>;
export type ImportRow = ImportPreview['rows'][number];
export type ImportRowStatus = ImportRow['status'];
export type ImportCounts = ImportPreview['counts'];

export const useImportPreview = () => useMutation({ mutationFn: preview });

export const useImportApply = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: ImportRequest) => unwrap(api.admin.imports.apply.$post({ json })),
    // New fixtures and results reach the admin lists, the audit trail and every league view.
    onSuccess: () => invalidate(queryClient, ...resultViews),
  });
};
