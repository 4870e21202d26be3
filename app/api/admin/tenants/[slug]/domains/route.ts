import { domainStatus } from "../../../../../../server/domains/http";

export const GET = domainStatus;
