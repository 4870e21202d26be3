import { getDb } from "../../../../../server/db";
import { deleteFeedVehicle, putFeedVehicle } from "../../../../../server/inventory/feed";

type Context = { params: Promise<{ id: string }> };

/** Dealer feeds: create or replace one vehicle (Authorization: Bearer <feed key>). */
export async function PUT(request: Request, { params }: Context) {
  return putFeedVehicle((await getDb()).db, request, (await params).id);
}

/** Dealer feeds: remove one vehicle. */
export async function DELETE(request: Request, { params }: Context) {
  return deleteFeedVehicle((await getDb()).db, request, (await params).id);
}
