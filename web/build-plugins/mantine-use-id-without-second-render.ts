import type { Plugin } from 'vite';

const USE_ID = /@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;
/** Mantine's useId: an id from React's useId, then a random one set in a layout effect. */
const SWAP_AFTER_MOUNT = `	const [uuid, setUuid] = useState(\`mantine-\${reactId.replace(/:/g, "")}\`);
	const hasInitializedRef = useRef(false);
	useIsomorphicEffect(() => {
		if (hasInitializedRef.current) return;
		hasInitializedRef.current = true;
		setUuid(randomId());
	}, []);`;

/**
 * Mantine's useId replaces React's id with a random one in a layout effect, a leftover from
 * server rendering before React had useId. A state update in a layout effect renders again at
 * once, in the same task as the commit, and takes the commit's passive effects along with it:
 * AppShell and its header and navbar, every input, Alert, Tooltip, Popover and Menu did so when
 * they first appeared (the signed-in frame's commit, observed in a Lighthouse trace: 64 ms, of
 * which 36 ms this second render and the effects it pulled in; without it no task of the
 * commit reaches 25 ms). This app renders only in the browser, where React's id is unique and
 * stable, so the id stays React's. Fails the build if Mantine changes that code, rather than
 * quietly bringing the second render back.
 */
export function mantineUseIdWithoutSecondRender(): Plugin {
  return {
    name: 'spms-mantine-use-id-without-second-render',
    transform(code, id) {
      if (!USE_ID.test(id)) return null;
      if (!code.includes(SWAP_AFTER_MOUNT)) {
        throw new Error(`${id} no longer swaps its id after mounting as this plugin expects`);
      }
      return code.replace(
        SWAP_AFTER_MOUNT,
        '\tconst uuid = `mantine-${reactId.replace(/:/g, "")}`;',
      );
    },
  };
}
