import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Where toasts appear on signed-in screens (loaded just after the frame is on screen). */
export default function Toasts() {
  return <Notifications position="top-right" />;
}
