import { Link as RouterLink } from 'react-router-dom';
import { Button, type ButtonProps } from '@mui/material';

export type LinkButtonProps = Omit<ButtonProps<typeof RouterLink>, 'component'>;

/** A button that opens another screen: a real link (an `a` with its href), so it can open in a new tab and reads as a link. */
export function LinkButton(props: LinkButtonProps) {
  return <Button component={RouterLink} {...props} />;
}
