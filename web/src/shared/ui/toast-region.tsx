import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * Where a toast shows: at the top, over the sticky header (across a phone, below the spec's
 * 768 px; in the top corner of a wider screen). At the bottom it lay over the booking form's
 * fields and the button the visitor had just pressed; a problem's field is brought to the middle
 * of the screen, clear of it.
 */
const toastPlacement = (phone: boolean) => (phone ? 'top' : 'top-end');

/** One toast at a time, 5 s by default, F8 moves the focus to it (spec constants). */
export const toaster = createToaster({
  placement: toastPlacement(typeof window !== 'undefined' && window.matchMedia('(max-width: 767.98px)').matches),
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

/** Where toasts show, drawn by the island host apart from the first screen (see ./toaster). */
export default function ToastRegion() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxWidth={{ md: '420px' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
