"use client";

import dynamic from "next/dynamic";

/** The client part of the sign-in form, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const SignInForm = dynamic(() => import("./sign-in.client").then((m) => m.SignInForm));
