import { mediaResponse } from "../../../server/inventory/media";

type Context = { params: Promise<{ path: string[] }> };

/** Generated vehicle pictures: /media/vehicles/{body}[/{model}]/{colour-hex}/{view}.{jpg|webp}. */
export async function GET(_request: Request, { params }: Context) {
  return mediaResponse((await params).path);
}
