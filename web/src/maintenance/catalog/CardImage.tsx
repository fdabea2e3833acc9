import { useState } from 'react';
import { AspectRatio, Center, Image, Text } from '@chakra-ui/react';

/** A card's picture, or a quiet placeholder when there is none or it does not load. */
export function CardImage({ src, alt, ratio = 4 / 3 }: { src: string; alt: string; ratio?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <AspectRatio ratio={ratio} bg="bg.muted">
      {src && !broken ? (
        <Image src={src} alt={alt} objectFit="cover" onError={() => setBroken(true)} />
      ) : (
        <Center>
          <Text fontSize="sm" color="fg.muted">
            {src ? 'Image preview not available' : 'No image'}
          </Text>
        </Center>
      )}
    </AspectRatio>
  );
}
