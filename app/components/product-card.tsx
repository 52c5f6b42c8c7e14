import { Link } from '../lib/links.tsx';

export interface ProductCardData {
  slug: string;
  name: string;
  tagline: string;
  group: string;
  /** /doccenter links of the product's own label and SDS; absent for lines with one document per product (WOLF TRAX) */
  labelHref: string | null;
  sdsHref: string | null;
}

/** Name, one-line benefit, group badge and Product Label / SDS / Product Details links (brand guide). */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = `product-card-${product.slug}`;
  return (
    <article className="product-card" aria-labelledby={id}>
      <p className="badge product-card__group">{product.group}</p>
      <Heading id={id} className="product-card__name">
        <Link to={`/${product.slug}`}>{product.name}</Link>
      </Heading>
      <p className="product-card__tagline">{product.tagline}</p>
      <ul className="product-card__links">
        {product.labelHref ? (
          <li>
            <a href={product.labelHref}>
              Product Label<span className="visually-hidden"> for {product.name} (PDF)</span>
            </a>
          </li>
        ) : null}
        {product.sdsHref ? (
          <li>
            <a href={product.sdsHref}>
              SDS<span className="visually-hidden"> for {product.name} (PDF)</span>
            </a>
          </li>
        ) : (
          <li>
            <Link to={`/${product.slug}#documents`}>
              Labels &amp; SDSs<span className="visually-hidden"> for {product.name}</span>
            </Link>
          </li>
        )}
        <li>
          <Link to={`/${product.slug}`} className="product-card__details" aria-label={`Product Details: ${product.name}`}>
            Product Details
          </Link>
        </li>
      </ul>
    </article>
  );
}
