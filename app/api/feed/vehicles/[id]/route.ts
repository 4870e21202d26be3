import { deleteFeedVehicle, putFeedVehicle } from "../../../../../server/inventory/feed-http";

/** Dealer feeds: create or replace one vehicle (Authorization: Bearer <feed key>). */
export const PUT = putFeedVehicle;
export const DELETE = deleteFeedVehicle;
