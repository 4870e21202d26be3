/** The social networks a footer can link, by the identity.social key that holds the address. */
export const SOCIAL_NETWORKS = [
  { key: "facebook_url", name: "Facebook" },
  { key: "instagram_url", name: "Instagram" },
  { key: "youtube_url", name: "YouTube" },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["key"];
