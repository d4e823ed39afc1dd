import { Alert, Title } from '@mantine/core';
import { useLocation } from 'react-router';

/** Holds a route's place until the issue that owns its screen lands. */
export default function PlaceholderPage() {
  const { pathname } = useLocation();
  return (
    <>
      <Title order={1} mb="md">
        {pathname}
      </Title>
      <Alert color="gray">This screen is not available yet.</Alert>
    </>
  );
}
