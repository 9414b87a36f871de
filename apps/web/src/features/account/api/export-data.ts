import { useMutation } from '@tanstack/react-query';
import { exportData } from '../../../lib/api/candidate/export-data';
import { saveBlob } from '../../../lib/save-blob';

export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const file = await exportData();
      saveBlob(file);
      return file.fileName;
    },
  });
}
