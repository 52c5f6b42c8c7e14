import { libraryImageProps } from '#shared/validation/documents.ts';

/** An image from the document library (or a seeded one) as pages and cards store it. */
export interface LibraryImageSource {
  previewsrc: string;
  alttext?: string;
  altText?: string;
  width?: number;
  height?: number;
}

/**
 * One library image: its responsive sources for `sizes` (IMAGE_SIZES), its alt text, and its intrinsic
 * size (or `fallback` [width, height] when the record has none) so nothing shifts while it loads. A
 * `priority` image is the page's first (hero) image: fetched at once, never lazy.
 */
export function LibraryImage({
  media,
  sizes,
  fallback,
  priority = false,
  className,
}: {
  media: LibraryImageSource;
  sizes: string;
  fallback: readonly [width: number, height: number];
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={media.previewsrc}
      {...libraryImageProps(media.previewsrc, sizes)}
      alt={media.alttext ?? media.altText ?? ''}
      width={media.width ?? fallback[0]}
      height={media.height ?? fallback[1]}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      decoding="async"
    />
  );
}
