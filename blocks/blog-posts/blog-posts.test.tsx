import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import BlogPosts from "./blog-posts";
import { blockProps } from "../../tests/fixtures/block-props";

const posts = [
  {
    title: "Your first service: what to expect",
    href: "/service",
    image: { src: "/media/vehicles/hatch/f1f2ef/front-right.webp", alt: "White hatch", width: 1200, height: 800 },
    date: "2026-10-14",
    description: "From the multi-point check to the free wash, here's what happens when you bring your new car in for its first scheduled service.",
  },
  { title: "Short news", href: "https://blog.example.com/news", date: "2026-07-02", description: "Open on Sundays now." },
];

const render = (props: Record<string, unknown>) => renderToStaticMarkup(BlogPosts({ id: "blog", props: blockProps("blog-posts", props), ctx: fixtureCtx("/cars/x") }) as ReactElement);

describe("Blogs (leads spec §2 screen 17)", () => {
  it("shows a card per post: heading, image, description cut to 80 characters, date as day/month/year, READ MORE", () => {
    const html = render({ posts });
    expect(html).toContain('data-block="blog-posts"');
    expect(html).toContain(">From Our Blog</h2>");
    expect(html.match(/<article /g)).toHaveLength(2);
    expect(html).toContain('<h3 id="blog-post-0" class="');
    expect(html).toContain(">Your first service: what to expect</h3>");
    expect(html).toContain('alt="White hatch"');
    expect(html).toContain('src="/_next/image?url=%2Fmedia%2Fvehicles%2Fhatch%2Ff1f2ef%2Ffront-right.webp&amp;w=640&amp;q=90"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain(">From the multi-point check to the free wash, here&#x27;s what happens when you bring...</p>");
    expect(html).toContain('<time dateTime="2026-10-14">14/10/2026</time>');
    expect(html).toContain('<time dateTime="2026-07-02">02/07/2026</time>');
    expect(html).toContain('href="/service">READ MORE<span class="fc-visually-hidden">: Your first service: what to expect</span></a>');
    // A short description stays whole; a post without an image has none.
    expect(html).toContain(">Open on Sundays now.</p>");
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).not.toContain("View All Posts");
  });

  it("takes the heading, link label and all-posts link from its props", () => {
    const html = render({ posts: [posts[1]], heading: "Latest News", readMoreLabel: "Read more", allPostsHref: "/blog/vehicle-reviews" });
    expect(html).toContain(">Latest News</h2>");
    expect(html).toContain('href="https://blog.example.com/news">Read more<span');
    expect(html).toContain('<a class="');
    expect(html).toMatch(/href="\/blog\/vehicle-reviews">View All Posts<\/a>/);
  });

  it("renders nothing without posts", () => {
    expect(BlogPosts({ id: "blog", props: blockProps("blog-posts", { posts: [] }), ctx: fixtureCtx("/") })).toBeNull();
  });
});
