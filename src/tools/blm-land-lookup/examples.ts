// Worked examples of blm-land-lookup: real outputs against the fake ArcGIS server (`npx tsx src/tools/blm-land-lookup/fake-arcgis.ts --port 8090`), so marked `upstream`.
import type { z } from 'zod';
import type { ToolExample } from '../kit/contract.ts';
import type { input, Output } from './tool.ts';

/** The fixture geography is fictional; against the real BLM services the same coordinates give real data. */
export const examples: ToolExample<z.input<typeof input>, Output>[] = [
  {
    "title": "BLM land inside a Wilderness, with a 5 km radius (fake ArcGIS fixture geography)",
    "runs": "upstream",
    "input": {
      "lat": 38.7,
      "lon": -114.7,
      "radius_km": 5
    },
    "output": {
      "is_blm_land": true,
      "jurisdiction": {
        "agency": "Bureau of Land Management",
        "agency_code": "BLM",
        "dept_code": "DOI",
        "admin_unit_name": null,
        "admin_unit_type": null,
        "state": "NV"
      },
      "allowed_activities": [
        {
          "activity": "rockhounding",
          "allowed": "limited",
          "notes": "Casual collecting of rocks, minerals and invertebrate fossils in reasonable amounts, with hand tools, not for sale. Petrified wood: 25 lb plus one piece a day, 250 lb a year (43 CFR 3622). Vertebrate fossils and artefacts need a permit. Mining claims and posted closures are off limits. Wilderness: collecting only as the wilderness management plan allows; no mechanised tools."
        },
        {
          "activity": "primitive_camping",
          "allowed": true,
          "notes": "Dispersed camping up to 14 days in any 28-day period, then move more than 25 miles (43 CFR 8364.1 and state supplementary rules). Posted closures and developed sites have their own rules. Wilderness: camping allowed; the plan may set group-size and stay limits."
        },
        {
          "activity": "campfire",
          "allowed": "limited",
          "notes": "Allowed unless a seasonal fire restriction or fire order is in force; check the field office before lighting a fire. Wilderness: fire restrictions in the management plan apply."
        },
        {
          "activity": "ohv",
          "allowed": false,
          "notes": "Only where the land-use plan allows: areas are designated Open, Limited (to existing or designated routes) or Closed (43 CFR 8340). Most BLM land is Limited. Wilderness: no motorised or mechanised use, including bicycles."
        }
      ],
      "permit_requirements": [
        {
          "activity": "commercial_or_organized_group_use",
          "permit_required": true,
          "permit_type": "Special Recreation Permit (43 CFR 2930)",
          "notes": "Commercial use (outfitters, guides, paid trips), competitive events, and organised group activities or events."
        },
        {
          "activity": "petrified_wood_over_250_lb",
          "permit_required": true,
          "permit_type": "Free-use permit (43 CFR 3620)",
          "notes": "Collecting more than 250 lb of petrified wood in a year; selling collected wood is never casual use."
        },
        {
          "activity": "vertebrate_fossil_or_artifact_collection",
          "permit_required": true,
          "permit_type": "Paleontological resources use permit (43 CFR 49) or archaeological permit (43 CFR 7)",
          "notes": "Vertebrate fossils and archaeological artefacts may be collected only under a permit, by qualified researchers."
        }
      ],
      "special_designations": [
        {
          "type": "Wilderness",
          "name": "Fixture Peak Wilderness",
          "notes": "Designated Wilderness (Wilderness Act of 1964): no motorised or mechanised use; no new surface disturbance."
        }
      ],
      "blm_coverage_pct": 100,
      "data_as_of": "2026-07-22T12:00:00.000Z",
      "cache_hit": false,
      "accuracy_note": "Land status comes from the BLM national Surface Management Agency dataset, a limited-scale compilation that is not a survey: boundaries can be off by hundreds of metres and small inholdings may be missing. Activity and permit rules are a static summary of federal regulations; closures, fire orders and unit plans override them, so check with the managing office. The state field is the administering BLM state office, which can differ from the geographic state. blm_coverage_pct is measured over the square envelope around the radius, not the circle.",
      "sources": {
        "sma": "BLM National Surface Management Agency (limited scale): http://127.0.0.1:8090/arcgis/rest/services/lands/BLM_Natl_SMA_LimitedScale/MapServer/1",
        "special_designations": "BLM NLCS Wilderness Areas: http://127.0.0.1:8090/arcgis/rest/services/lands/BLM_Natl_NLCS_WLD_WSA/MapServer/0; BLM NLCS Wilderness Study Areas: http://127.0.0.1:8090/arcgis/rest/services/lands/BLM_Natl_NLCS_WLD_WSA/MapServer/1; BLM Areas of Critical Environmental Concern: http://127.0.0.1:8090/arcgis/rest/services/lands/BLM_Natl_ACEC/MapServer/0; BLM NLCS National Monuments and National Conservation Areas: http://127.0.0.1:8090/arcgis/rest/services/lands/BLM_Natl_NLCS_NM_NCA_poly/MapServer/1"
      }
    }
  },
  {
    "title": "Private land, point only (radius 0): no designations, no coverage",
    "runs": "upstream",
    "input": {
      "lat": 38.5,
      "lon": -115.25,
      "radius_km": 0
    },
    "output": {
      "is_blm_land": false,
      "jurisdiction": {
        "agency": "Private",
        "agency_code": "PVT",
        "dept_code": "PVT",
        "admin_unit_name": null,
        "admin_unit_type": null,
        "state": "NV"
      },
      "allowed_activities": [
        {
          "activity": "rockhounding",
          "allowed": false,
          "notes": "Private land: only with the owner's permission."
        },
        {
          "activity": "primitive_camping",
          "allowed": false,
          "notes": "Private land: only with the owner's permission."
        },
        {
          "activity": "campfire",
          "allowed": false,
          "notes": "Private land: only with the owner's permission."
        },
        {
          "activity": "ohv",
          "allowed": false,
          "notes": "Private land: only with the owner's permission."
        }
      ],
      "permit_requirements": [
        {
          "activity": "any_access",
          "permit_required": true,
          "permit_type": "Landowner permission",
          "notes": "Entering or using private land without permission can be trespass."
        }
      ],
      "data_as_of": "2026-07-22T12:00:00.000Z",
      "cache_hit": false,
      "accuracy_note": "Land status comes from the BLM national Surface Management Agency dataset, a limited-scale compilation that is not a survey: boundaries can be off by hundreds of metres and small inholdings may be missing. Activity and permit rules are a static summary of federal regulations; closures, fire orders and unit plans override them, so check with the managing office. The state field is the administering BLM state office, which can differ from the geographic state.",
      "sources": {
        "sma": "BLM National Surface Management Agency (limited scale): http://127.0.0.1:8090/arcgis/rest/services/lands/BLM_Natl_SMA_LimitedScale/MapServer/1",
        "special_designations": "Not queried: designations are looked up only on BLM land (BLM NLCS Wilderness Areas; BLM NLCS Wilderness Study Areas; BLM Areas of Critical Environmental Concern; BLM NLCS National Monuments and National Conservation Areas)."
      }
    }
  },
  {
    "title": "No surface-management record (open ocean): jurisdiction null, empty lists, no accuracy_note",
    "runs": "upstream",
    "input": {
      "lat": 10,
      "lon": -30,
      "radius_km": 0
    },
    "output": {
      "is_blm_land": false,
      "jurisdiction": null,
      "allowed_activities": [],
      "permit_requirements": [],
      "data_as_of": "2026-07-22T12:00:00.000Z",
      "cache_hit": false,
      "sources": {
        "sma": "BLM National Surface Management Agency (limited scale): http://127.0.0.1:8090/arcgis/rest/services/lands/BLM_Natl_SMA_LimitedScale/MapServer/1",
        "special_designations": "Not queried: designations are looked up only on BLM land (BLM NLCS Wilderness Areas; BLM NLCS Wilderness Study Areas; BLM Areas of Critical Environmental Concern; BLM NLCS National Monuments and National Conservation Areas)."
      }
    }
  }
];
