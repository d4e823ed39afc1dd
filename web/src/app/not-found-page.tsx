import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The address you followed does not exist.</Text>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
