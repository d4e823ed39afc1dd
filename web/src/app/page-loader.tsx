import { Center, Loader } from '@mantine/core';

/** Shown while a page's code is loading. */
export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
