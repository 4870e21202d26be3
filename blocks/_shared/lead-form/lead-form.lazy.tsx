"use client";

import dynamic from "next/dynamic";

/** The lead form and react-hook-form, a chunk of their own: they load only on a page that shows a form (README, "Adding a block type"). */
export const LeadForm = dynamic(() => import("./lead-form.client").then((m) => m.LeadForm));
