import { useState } from 'react';
import type { Side } from '@bb/contracts';
import { fallbackImage } from '../domain/images';

interface ItemImageProps {
  src: string | null | undefined;
  alt: string;
  side: Side;
  /** The item's position in its list: picks which stand-in picture it gets. */
  index: number;
  ratio?: number;
  className?: string;
  /** Detail pages show their picture at once; lists let the browser wait until it scrolls near. */
  eager?: boolean;
}

/**
 * An item's picture, or a rotating stand-in when it has none or it fails to load. The box keeps
 * its aspect ratio before the picture arrives, so nothing below it moves.
 */
export function ItemImage({ src, alt, side, index, ratio = 4 / 3, className, eager = false }: ItemImageProps) {
  const [failed, setFailed] = useState(false);
  const real = Boolean(src) && !failed;
  return (
    <img
      src={real ? (src as string) : fallbackImage(side, index)}
      // A stand-in shows nothing of the item: it is decoration, not a description.
      alt={real ? alt : ''}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={400}
      height={Math.round(400 / ratio)}
      onError={() => setFailed(true)}
      className={className ? `lx-img ${className}` : 'lx-img'}
      style={{ aspectRatio: ratio }}
    />
  );
}
