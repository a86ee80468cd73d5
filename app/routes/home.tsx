export default function Home() {
  return <h1>Maison Noor</h1>;
}
