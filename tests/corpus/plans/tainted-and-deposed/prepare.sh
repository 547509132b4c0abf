# A tainted object, and a deposed one (what a failed create_before_destroy
# replacement leaves): no configuration produces either.
terraform taint terraform_data.a
python3 - <<'PY'
import json
state = json.load(open("terraform.tfstate"))
for r in state["resources"]:
    if r["name"] == "b":
        deposed = dict(r["instances"][0], deposed="00000001")
        r["instances"].append(deposed)
state["serial"] += 1
json.dump(state, open("terraform.tfstate", "w"), indent=2)
PY
