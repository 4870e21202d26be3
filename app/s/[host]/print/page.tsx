import { carIdParam, PrintPage, printPageMetadata } from "../../../../renderer/print-page";

type Props = { params: Promise<{ host: string }>; searchParams: Promise<{ car_id?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props) {
  return printPageMetadata((await params).host, carIdParam((await searchParams).car_id));
}

export default async function Page({ params, searchParams }: Props) {
  return <PrintPage host={(await params).host} carId={carIdParam((await searchParams).car_id)} />;
}
