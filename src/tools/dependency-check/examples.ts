// Worked examples for dependency-check; the registry test runs each input and expects the output exactly.
import type { ToolExample } from '../kit/contract.ts';
import type { Input, Output } from './tool.ts';

export const examples: ToolExample<Input, Output>[] = [
  {
    "title": "package.json with a typosquat, a wildcard and a git branch",
    "input": {
      "filename": "package.json",
      "manifest": "{\n  \"name\": \"web\",\n  \"dependencies\": {\n    \"expresss\": \"^4.18.0\",\n    \"lodash\": \"*\",\n    \"my-lib\": \"github:acme/my-lib#main\"\n  },\n  \"devDependencies\": {\n    \"typescript\": \"^5.4.0\"\n  }\n}\n",
      "lockfile_present": true
    },
    "output": {
      "ecosystem": "npm",
      "format": "package.json",
      "detected_by": "filename",
      "project_kind": "application",
      "project_kind_reason": "no name and version: npm cannot publish it",
      "dependencies": [
        {
          "name": "expresss",
          "requested": "^4.18.0",
          "group": "production",
          "section": "dependencies",
          "source": "registry",
          "line": 4
        },
        {
          "name": "lodash",
          "requested": "*",
          "group": "production",
          "section": "dependencies",
          "source": "registry",
          "line": 5
        },
        {
          "name": "my-lib",
          "requested": "github:acme/my-lib#main",
          "group": "production",
          "section": "dependencies",
          "source": "git",
          "line": 6
        },
        {
          "name": "typescript",
          "requested": "^5.4.0",
          "group": "development",
          "section": "devDependencies",
          "source": "registry",
          "line": 9
        }
      ],
      "findings": [
        {
          "code": "typosquat_suspect",
          "severity": "high",
          "package": "expresss",
          "message": "expresss is not on the popular-package lists but is one character away from \"express\", which is at least 123 times as popular as any package off those lists.",
          "fix": "Check that expresss is the package you mean; if you meant express, change the name.",
          "line": 4
        },
        {
          "code": "git_unpinned_ref",
          "severity": "high",
          "package": "my-lib",
          "message": "my-lib (dependencies, line 6) follows branch \"main\": the code installed changes whenever the branch moves.",
          "fix": "Pin my-lib to a commit SHA (rev/ref) rather than a branch.",
          "line": 6
        },
        {
          "code": "non_registry_source",
          "severity": "medium",
          "package": "my-lib",
          "message": "my-lib (dependencies, line 6) comes from git (github:acme/my-lib), outside the registry's immutability and provenance guarantees.",
          "fix": "Depend on a published release of my-lib; if you must use git, pin a full commit SHA.",
          "line": 6
        },
        {
          "code": "unpinned_version",
          "severity": "low",
          "package": "lodash",
          "message": "lodash (dependencies, line 5) accepts any version (\"*\"): every install can pull a new major release. The lockfile pins it until the lock is next updated.",
          "fix": "Give lodash a bounded requirement (a caret/compatible range or an exact pin).",
          "line": 5
        }
      ],
      "score_0_100": 62,
      "summary": {
        "dependencies": 4,
        "findings": 4,
        "high": 2,
        "medium": 1,
        "low": 1
      },
      "typosquat_list": {
        "source": "npm-high-impact package (npm, Titus Wormer: top downloads and top dependents) + https://github.com/DataDog/guarddog guarddog/analyzer/metadata/resources/top_npm_packages.json@ca8b5b43d1454c89c03fb2acecf0716781c2a745",
        "licence": "MIT; Apache-2.0",
        "names": 17358
      }
    }
  },
  {
    "title": "requirements.txt with an extra index and no lockfile",
    "input": {
      "manifest": "--extra-index-url https://pypi.internal.example/simple\nrequests>=2.31\nflask==3.0.3\n",
      "ecosystem": "pypi",
      "lockfile_present": false
    },
    "output": {
      "ecosystem": "pypi",
      "format": "requirements.txt",
      "detected_by": "ecosystem",
      "project_kind": "application",
      "project_kind_reason": "a requirements file lists an environment to install, not a package to publish",
      "dependencies": [
        {
          "name": "requests",
          "requested": ">=2.31",
          "group": "production",
          "section": "requirements",
          "source": "registry",
          "line": 2
        },
        {
          "name": "flask",
          "requested": "==3.0.3",
          "group": "production",
          "section": "requirements",
          "source": "registry",
          "line": 3
        }
      ],
      "findings": [
        {
          "code": "extra_index_url",
          "severity": "high",
          "package": null,
          "message": "--extra-index-url https://pypi.internal.example/simple: a second package index alongside the default lets a public package with the same name as a private one win (dependency confusion).",
          "fix": "Use a single index that proxies the public one, or pin private packages to their index (explicit sources).",
          "line": 1
        },
        {
          "code": "open_ended_range",
          "severity": "medium",
          "package": "requests",
          "message": "requests (requirements, line 2) requires \">=2.31\" with no upper bound: a future major release is accepted.",
          "fix": "Add an upper bound (e.g. \"<next major\") or use a compatible-release operator for requests.",
          "line": 2
        },
        {
          "code": "lockfile_missing",
          "severity": "medium",
          "package": null,
          "message": "No lockfile: installs resolve 2 declared dependencies afresh each time, so builds are not reproducible.",
          "fix": "Commit a lockfile (poetry.lock, Pipfile.lock, uv.lock or a pip-compile output with --generate-hashes).",
          "line": null
        }
      ],
      "score_0_100": 73,
      "summary": {
        "dependencies": 2,
        "findings": 3,
        "high": 1,
        "medium": 2,
        "low": 0
      },
      "typosquat_list": {
        "source": "https://github.com/DataDog/guarddog guarddog/analyzer/metadata/resources/top_pypi_packages.json@ca8b5b43d1454c89c03fb2acecf0716781c2a745",
        "licence": "Apache-2.0",
        "names": 15000
      }
    }
  }
];
