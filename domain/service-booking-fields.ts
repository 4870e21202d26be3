/** The fields of a site's service booking form (§2 screen 5, §5): which it shows, which it requires, their choices. */
import type { ServiceField, ServiceLocation, ServiceVariant, SpecTenant } from "./service-booking";
import { countryTerms } from "./terms";
import { TRADE_IN_STATES } from "./trade-in";

/** The form's fields in the order they show; `s`: the site's settings with their defaults (serviceSettings), `locations`: its service locations. */
export function serviceFields(
  tenant: SpecTenant,
  s: { variant: ServiceVariant; intervalRequired: boolean; intervals: readonly string[]; serviceTypes: readonly string[] },
  locations: ServiceLocation[],
): ServiceField[] {
  const minimal = s.variant === "minimal";
  const dealershipNames = new Map((tenant.dealerships ?? []).map((d) => [d.slug, d.name] as const));
  const dealerships = [...new Set(locations.map((l) => l.dealership))];
  const australian = !!tenant.identity.state;

  return [
    {
      name: "first_name",
      label: "First Name",
      control: "text",
      required: true,
      autoComplete: "given-name",
      maxLength: 100,
    },
    {
      name: "last_name",
      label: "Last Name",
      control: "text",
      required: true,
      autoComplete: "family-name",
      maxLength: 100,
    },
    {
      name: "email",
      label: "Email Address",
      control: "email",
      required: true,
      autoComplete: "email",
      inputMode: "email",
      maxLength: 254,
    },
    {
      name: "phone",
      label: "Mobile Number",
      control: "tel",
      required: true,
      autoComplete: "tel",
      inputMode: "tel",
      maxLength: 20,
    },
    {
      name: "rego",
      label: countryTerms(tenant.identity.locale).vehiclePlate,
      control: "text",
      required: minimal,
      maxLength: 10,
    },
    ...(australian
      ? [
          {
            name: "state",
            label: "Vehicle State",
            control: "select",
            required: minimal,
            options: TRADE_IN_STATES.map((x) => ({ value: x, label: x })),
          } satisfies ServiceField,
        ]
      : []),
    {
      name: "vehicle_make",
      label: "Vehicle Make",
      control: "text",
      required: minimal,
      maxLength: 80,
    },
    {
      name: "vehicle_model",
      label: "Vehicle Model",
      control: "text",
      required: minimal,
      maxLength: 80,
    },
    {
      name: "vehicle_year",
      label: "Vehicle Year",
      control: "text",
      required: minimal,
      inputMode: "numeric",
      maxLength: 4,
    },
    {
      name: "service_interval",
      label: "Service Interval",
      control: "select",
      required: s.intervalRequired,
      options: s.intervals.map((x) => ({ value: x, label: x })),
    },
    ...(minimal
      ? [
          {
            name: "dealership_slug",
            label: "Dealership",
            control: "select",
            required: true,
            options: dealerships.map((d) => ({
              value: d,
              label: dealershipNames.get(d) ?? d,
            })),
            placeholder: "Please select a dealership...",
          } satisfies ServiceField,
        ]
      : []),
    {
      name: "location_id",
      label: "Service Location",
      control: "select",
      required: minimal,
      options: locations.map((l) => ({
        value: String(l.id),
        label: l.name,
        dealership: l.dealership,
      })),
      placeholder: "Please select a location...",
    },
    ...(s.serviceTypes.length
      ? [
          {
            name: "service_type",
            label: "Service Type",
            control: "select",
            required: true,
            options: s.serviceTypes.map((x) => ({ value: x, label: x })),
          } satisfies ServiceField,
        ]
      : []),
    {
      name: "preferred_date",
      label: "Preferred Service Date",
      control: "date",
      required: false,
    },
    {
      name: "tyres_replacement",
      label: "I would also like a quote for replacement tyres",
      control: "checkbox",
      required: false,
    },
    {
      name: "comments",
      label: "Comments",
      control: "textarea",
      required: false,
      maxLength: 5000,
    },
  ];
}
