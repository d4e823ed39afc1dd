import { Alert, Button, Center, Stack } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface Props {
  /** The address shown; moving to another one clears the error. */
  pathname: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The address the error belongs to. */
  pathname: string;
}

/**
 * Catches a page that fails to load (its chunk gone after a deploy, the network down) or to
 * render, and shows a way back instead of a blank screen. Following a link elsewhere clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Something went wrong') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname
      ? null
      : { error: undefined, pathname: props.pathname };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/** The message shown in place of a page that failed. */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <Center mih="60vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title="This page could not be shown">
          {message}
        </Alert>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
