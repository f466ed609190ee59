// Adversarial inputs for blm-land-lookup: its only inputs are three bounded numbers, so the attack surface is their extremes.
import type { HostileCase } from '../kit/contract.ts';

/** Extreme, denormal and boundary values: the envelope, clipping and cache-key arithmetic must stay finite and fast. */
export function hostileCases(): HostileCase[] {
  return [
    { name: 'north-east corner, widest radius', input: { lat: 90, lon: 180, radius_km: 50 } },
    { name: 'south-west corner, widest radius', input: { lat: -90, lon: -180, radius_km: 50 } },
    { name: 'denormal coordinates and radius', input: { lat: 5e-324, lon: -5e-324, radius_km: 5e-324 } },
    { name: 'negative zero everywhere', input: { lat: -0, lon: -0, radius_km: -0 } },
    { name: 'just inside every bound', input: { lat: 89.99999999999999, lon: -179.99999999999997, radius_km: 49.99999999999999 } },
    { name: 'antimeridian at the equator, widest radius', input: { lat: 0, lon: 180, radius_km: 50 } },
  ];
}
