import { Button, type ButtonProps } from '@chakra-ui/react';

/**
 * A row's name as a plain button: the keyboard's way to open what the row shows (the row opens
 * it on a click too, so the button's click stops there and the row does not open it again).
 */
export function RowOpenButton({ onOpen, children, ...layout }: { onOpen: () => void } & Omit<ButtonProps, 'onClick'>) {
  return (
    <Button
      variant="plain"
      p="0"
      h="auto"
      fontWeight="semibold"
      whiteSpace="normal"
      textAlign="start"
      {...layout}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    >
      {children}
    </Button>
  );
}
