import { blogDate, blogDescription } from "../../domain/blog";
import { imageSrcSet, imageUrl } from "../../domain/image-urls";
import type { BlockComponent } from "../../renderer/types";
import styles from "./blog-posts.module.css";

const CARD_IMAGE_SIZES = "(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw";

/**
 * Blogs (leads spec §2 screen 17): cards with heading, image, the description cut to 80
 * characters, the date as day/month/year and READ MORE. The posts are the block's props.
 */
const BlogPosts: BlockComponent<"blog-posts"> = ({ id, props }) => {
  const p = props;
  if (!p.posts.length) return null;
  return (
    <section className="fc-container fc-block-section" aria-labelledby={`${id}-heading`} data-block="blog-posts">
      <div className={styles.head}>
        <h2 id={`${id}-heading`} className="fc-section-heading">
          {p.heading}
        </h2>
        {p.allPostsHref ? (
          <a className={styles.all} href={p.allPostsHref}>
            {p.allPostsLabel}
          </a>
        ) : null}
      </div>
      {p.intro ? <p className={`fc-section-intro ${styles.intro}`}>{p.intro}</p> : null}
      <ul className={styles.cards}>
        {p.posts.map((post, i) => {
          const titleId = `${id}-post-${i}`;
          const date = blogDate(post.date);
          return (
            <li key={i}>
              <article className={`fc-card ${styles.card}`} aria-labelledby={titleId}>
                {post.image ? (
                  <img
                    className={`fc-card__image ${styles.image}`}
                    src={imageUrl(post.image.src, { width: 640 })}
                    srcSet={/\.svg(\?|$)/i.test(post.image.src) ? undefined : imageSrcSet(post.image.src, { widths: [384, 640, 850] })}
                    sizes={CARD_IMAGE_SIZES}
                    alt={post.image.alt}
                    width={post.image.width ?? 640}
                    height={post.image.height ?? 400}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <div className="fc-card__body">
                  <h3 id={titleId} className={styles.title}>
                    {post.title}
                  </h3>
                  {date ? (
                    <p className={styles.date}>
                      <time dateTime={post.date}>{date}</time>
                    </p>
                  ) : null}
                  <p className={styles.description}>{blogDescription(post.description)}</p>
                  <a className={styles.more} href={post.href}>
                    {p.readMoreLabel}
                    <span className="fc-visually-hidden">: {post.title}</span>
                  </a>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
};

export default BlogPosts;
