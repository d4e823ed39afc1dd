import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useIsPhone } from '../../components/use-is-phone';
import classes from './toasts.module.css';

/**
 * Where the short-lived toasts ("Ada Lovelace was updated") appear on signed-in screens (loaded
 * just after the frame is on screen): top right below the header on a wide screen, clear of the
 * header's buttons; at the bottom on a phone, clear of the header, the page's heading and its
 * main button, within reach of a thumb. They close by themselves after a few seconds.
 */
export default function Toasts() {
  const isPhone = useIsPhone();
  return <Notifications position={isPhone ? 'bottom-center' : 'top-right'} classNames={classes} />;
}
