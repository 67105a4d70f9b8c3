import { Stack } from '@mantine/core';
import { ListUploadForm } from './ListUploadForm.tsx';
import { ListVersionsTable } from './ListVersionsTable.tsx';

/** « Listes »: load a file of the EU list, and every version loaded, the one in force first. */
export function ListsTab() {
  return (
    <Stack gap="lg">
      <ListUploadForm />
      <ListVersionsTable />
    </Stack>
  );
}
