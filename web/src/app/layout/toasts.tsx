import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useIsPhone } from '../../components/use-is-phone';

/**
 * Where the short-lived toasts ("Ada Lovelace was updated") appear on signed-in screens (loaded
 * just after the frame is on screen): top right on a wide screen, beside the page's heading; at
 * the bottom on a phone, where the top would cover the header's menu button and the page's
 * heading and main button. They close by themselves after a few seconds.
 */
export default function Toasts() {
  return <Notifications position={useIsPhone() ? 'bottom-center' : 'top-right'} />;
}
