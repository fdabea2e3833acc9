import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** One toast at a time, 5 s by default (spec constants). */
export const toaster = createToaster({ placement: 'bottom-end', max: 1, duration: 5000, pauseOnPageIdle: true });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxWidth={{ md: '420px' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

export const toast = {
  success: (title: string, description?: string) => toaster.create({ type: 'success', title, description, closable: true }),
  error: (title: string, description?: string) => toaster.create({ type: 'error', title, description, closable: true }),
  info: (title: string, description?: string) => toaster.create({ type: 'info', title, description, closable: true }),
};
