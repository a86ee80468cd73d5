import { preload } from "react-dom";
import { Link, useLocation } from "react-router";
import { wrapIndex } from "#app/features/catalogue/product-detail-view.ts";
import { Icon } from "#app/ui/icons.tsx";
import type { ProductImageDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";

const GALLERY_IMAGE_SIZE = { width: 900, height: 1200 } as const;
const THUMB_SIZE = { width: 120, height: 160 } as const;

/** Gallery state lives in `?img=N` (1-based), so previous, next and thumbnails are plain links. */
function useImageHref() {
  const location = useLocation();
  return (index: number) => {
    const params = new URLSearchParams(location.search);
    params.set("img", String(index + 1));
    return `${location.pathname}?${params}`;
  };
}

interface GalleryProps {
  images: readonly ProductImageDto[];
  index: number;
  productName: string;
  /** Share and wishlist buttons over the main image. */
  actions?: React.ReactNode;
}

export function Gallery({ images, index, productName, actions }: GalleryProps) {
  const imageHref = useImageHref();
  if (images.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <p className="gallery__none">{MSG.catalogue.noImages}</p>
        {actions ? <div className="gallery__actions">{actions}</div> : null}
      </div>
    );
  }
  const current = images[index] ?? images[0];
  // The main image is the product page's largest paint: preloaded from the head.
  preload(current.url, { as: "image", fetchPriority: "high" });
  const many = images.length > 1;
  return (
    <section className="gallery" aria-roledescription="gallery" aria-label={`${productName} images`}>
      <div className="gallery__stage">
        <img
          key={current.url}
          className="gallery__main"
          src={current.url}
          alt={current.alt || productName}
          width={GALLERY_IMAGE_SIZE.width}
          height={GALLERY_IMAGE_SIZE.height}
          fetchPriority="high"
          decoding="async"
        />
        {many ? (
          <>
            <Link
              className="gallery__step gallery__step--prev"
              to={imageHref(wrapIndex(index - 1, images.length))}
              preventScrollReset
              replace
            >
              <Icon name="chevronRight" className="icon--flip" />
              <span className="visually-hidden">Previous image</span>
            </Link>
            <Link
              className="gallery__step gallery__step--next"
              to={imageHref(wrapIndex(index + 1, images.length))}
              preventScrollReset
              replace
            >
              <Icon name="chevronRight" />
              <span className="visually-hidden">Next image</span>
            </Link>
            <p className="gallery__position" aria-live="polite">
              {index + 1} / {images.length}
            </p>
          </>
        ) : null}
        {actions ? <div className="gallery__actions">{actions}</div> : null}
      </div>
      {/* The thumbnails show in the first screen on a phone too: fetched at once, not when laid out. */}
      {many ? (
        <ul className="gallery__thumbs">
          {images.map((image, position) => (
            <li key={image.url}>
              <Link
                to={imageHref(position)}
                className="gallery__thumb"
                aria-current={position === index ? "true" : undefined}
                preventScrollReset
                replace
              >
                <img src={image.url} alt="" width={THUMB_SIZE.width} height={THUMB_SIZE.height} decoding="async" />
                <span className="visually-hidden">{`Show image ${position + 1} of ${images.length}`}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
